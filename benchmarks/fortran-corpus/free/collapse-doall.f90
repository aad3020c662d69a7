! race: no
! A collapsed nest over independent elements.
program collapse_doall
  implicit none
  integer :: i, j
  real :: g(64, 64)
  !$omp parallel do collapse(2)
  do j = 1, 64
    do i = 1, 64
      g(i, j) = i + j
    end do
  end do
  !$omp end parallel do
  print *, g(64, 64)
end program
