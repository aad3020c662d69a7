! race: yes
! Two entries of the index table name the same element.
program index_set_duplicate
  implicit none
  integer :: idx(8), i
  real :: v(20)
  idx = [1, 3, 5, 7, 9, 11, 5, 13]
  v = 0.0
  !$omp parallel do
  do i = 1, 8
    v(idx(i)) = v(idx(i)) + 1.0
  end do
  !$omp end parallel do
  print *, v(5)
end program
